import AuthorsCLI
