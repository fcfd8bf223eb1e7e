/// A binary arithmetic operation with its operand types resolved.
///
/// Int and duration arithmetic wraps; division or remainder by zero yields 0 (Double too).
public enum ArithmeticOperator: String, Sendable, Hashable, CaseIterable {
    case addInt, subtractInt, multiplyInt, divideInt, remainderInt
    case addDouble, subtractDouble, multiplyDouble, divideDouble, remainderDouble
    /// Duration + Duration.
    case addDurations
    /// Duration - Duration.
    case subtractDurations
    /// Duration * Int (the checker puts the duration on the left).
    case multiplyDurationByInt
    /// Duration / Int.
    case divideDurationByInt
    /// Date + Duration (the checker puts the date on the left).
    case addDurationToDate
    /// Date - Duration.
    case subtractDurationFromDate
    /// Date - Date, a Duration.
    case subtractDates
}
