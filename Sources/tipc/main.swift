import TipsCLI

// Everything lives in TipsCLI so tests exercise the same code without a subprocess.
Tipc.main()
