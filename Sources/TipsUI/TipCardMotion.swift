/// How the card comes and goes.
public enum TipCardMotion: Hashable, Sendable {
    /// Slides in from the edge it is attached to while fading in.
    case slideAndFade
    /// Only fades (Reduce Motion is on: no movement across the screen).
    case fade
}
