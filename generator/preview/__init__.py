"""The live preview of `tkg watch`: build status, the gallery page, the local server."""
