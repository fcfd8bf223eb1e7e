/// The commands behind `tipc`, as library code so tests call them directly.
public enum TipsCLI {}
