package storage

import "testing"

// A player's move previews: off until turned on, per player, and turning
// them on keeps the player's other settings.
func TestConfirmMoves(t *testing.T) {
	eachEngine(t, func(t *testing.T, openTest func(*testing.T) *DB) {
		ctx := t.Context()
		db := openTest(t)
		if err := db.SetRemindersOff(ctx, "u1", true); err != nil {
			t.Fatal(err)
		}
		for _, step := range []struct {
			set, want bool
		}{{true, true}, {false, false}, {true, true}} {
			if err := db.SetConfirmMoves(ctx, "u1", step.set); err != nil {
				t.Fatal(err)
			}
			if got, err := db.ConfirmMoves(ctx, "u1"); err != nil || got != step.want {
				t.Fatalf("ConfirmMoves = %v, %v; want %v", got, err, step.want)
			}
		}
		if got, err := db.ConfirmMoves(ctx, "u2"); err != nil || got {
			t.Errorf("another player's previews: %v, %v", got, err)
		}
		if off, err := db.RemindersOff(ctx, "u1"); err != nil || !off {
			t.Errorf("turning previews on lost the reminders setting: %v, %v", off, err)
		}
	})
}
