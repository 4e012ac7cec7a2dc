"""One `build()` for `tkg build` and `tkg watch`: validate, render the kinds, write once."""
