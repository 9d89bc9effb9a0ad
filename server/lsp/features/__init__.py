"""One module per language-server feature; ``server/lsp/server.py`` registers them."""
