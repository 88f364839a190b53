import Foundation

// galley: thin command-line front end; each subcommand lives in its own file and calls the
// library. Exit status: 0 success, 1 some output failed, 2 usage or template error.
let commands: [CommandSpec] = [
    RenderCommand.spec, RasterizeCommand.spec, BatchCommand.spec, ShardsCommand.spec, LayoutCommand.spec,
    CheckCommand.spec, FontsCommand.spec, AnimateCommand.spec, ServeCommand.spec, PreviewCommand.spec,
]

// A closed pipe on stdout (`galley batch … | head`) makes writes fail with EPIPE instead of
// killing the process: progress lines are lost, the batch and its summary are not.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandRunner.run(arguments, commands: commands))
