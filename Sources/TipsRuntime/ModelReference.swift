/// A weak reference to an observable model, made before the model's presenter so the
/// presenter's callbacks can reach the model (Swift won't let an initializer capture
/// `self` before every stored property is set) without keeping it alive.
@MainActor
final class ModelReference<Model: AnyObject> {
    weak var model: Model?
}
