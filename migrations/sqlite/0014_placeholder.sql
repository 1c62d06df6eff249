-- Placeholder for migration 0014, which another part of issue 29 adds:
-- this file goes when that part is merged.
SELECT 1;
