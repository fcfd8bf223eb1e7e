// Stands in for TipKit's top-level names (TipKit is not on Linux): declared in the app's
// own module, they must not change what the generated code means.
struct Tip {}
enum Tips {}
struct TipGroup {}
struct Parameter {}
struct Event {}
struct Action {}
