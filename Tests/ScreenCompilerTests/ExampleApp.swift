import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

extension Compiler {
    /// Compiles with the catalog's own live contract frozen as version 1, as unit tests want.
    func compileFrozen(_ style: JSONStyle = .compact) -> CompileResult {
        compile(CompileOptions(style: style, history: [Contract.live(catalog).0]))
    }
}
