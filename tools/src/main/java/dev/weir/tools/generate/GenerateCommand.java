package dev.weir.tools.generate;

import dev.weir.tools.cli.WeirVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code weir generate itch|statsd ...}: writes generated traffic as a capture, or sends it (docs/replay.md, "Generating captures"). */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        subcommands = {GenerateItchCommand.class, GenerateStatsdCommand.class},
        description = {
            "Generates ITCH or StatsD traffic into a capture or onto UDP.",
            "itch: NASDAQ TotalView-ITCH 5.0 over MoldUDP64; statsd: StatsD metrics from several hosts. The same seed makes"
                    + " the same traffic; a pcap or pcapng capture, an ITCH message file, or UDP datagrams sent in real time (docs/replay.md)."
        })
public final class GenerateCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** A word that names no traffic: caught here so that the message says which words do. */
    @CommandLine.Parameters(arity = "0..1", hidden = true, paramLabel = "TRAFFIC", description = "The traffic: itch or statsd.")
    private String unknown;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), unknown == null ? "what to generate is required: itch or statsd"
                : "unknown traffic '" + unknown + "': itch or statsd");
    }
}
