"""One module per kind of output, each registered once in `generator.products.kinds`."""
