import TipsCLI
