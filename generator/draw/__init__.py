"""Model + layout -> scenes: every printed piece described once, as frozen shapes in mm."""
