"""`tkg watch`: the watcher and the live preview server."""
