"""The PDF backend: reportlab lays out pages with empty slots; our compiled forms fill them."""
