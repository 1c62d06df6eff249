-- Placeholder for migration 0015, which another part of issue 29 adds:
-- this file goes when that part is merged.
SELECT 1;
