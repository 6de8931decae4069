"""Generated documentation: card references and as-built rules, from the engines' catalogs."""
