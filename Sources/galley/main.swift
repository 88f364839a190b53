import Foundation

// galley: thin command-line front end; each subcommand lives in its own file and calls the
// library. Exit status: 0 success, 1 some output failed, 2 usage or template error.
let commands: [any Command.Type] = [
    RenderCommand.self, RasterizeCommand.self, LayoutCommand.self, CheckCommand.self, FontsCommand.self,
]

let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandRunner.run(arguments, commands: commands))
