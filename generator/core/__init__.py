"""The game as frozen data and the vocabulary every stage shares: model, diagnostics,
errors, artefacts, scoring and the world solver. Imports nothing else of the project."""
