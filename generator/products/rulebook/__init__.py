"""The rulebook and the player aids, from templates/rulebook/ and the content.

`book.build_rulebook` and `aids.build_aids` are the `tkg build` producers of the
kinds `rulebook` and `aids`. The flow: `context` (numbers, names and worked
examples from the Game) -> `templating` (sandboxed Jinja2 -> Markdown) ->
`markdown_flow` + `pdf` (platypus PDF) and `html` (one self-contained page).
"""
