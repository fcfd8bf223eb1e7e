/// The older name of `RuntimeLock`, kept for the presenters and tests that use it.
typealias Locked<Value> = RuntimeLock<Value>
