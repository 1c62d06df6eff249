package bot

// Kits lists every game the bot serves.
func Kits() []Kit {
	return []Kit{KingsmenKit(), KimboKit(), KippyKooKit(), RumbaKit()}
}
