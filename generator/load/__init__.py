"""Reading the inputs: YAML with positions, the schema engine, content, rules, fonts, digests."""
