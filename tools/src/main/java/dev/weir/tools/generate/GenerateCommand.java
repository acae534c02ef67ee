package dev.weir.tools.generate;

import dev.weir.tools.WeirVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code weir generate itch|statsd ...}: writes generated traffic as a capture, or sends it (docs/generate.md). */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        subcommands = {GenerateItchCommand.class, GenerateStatsdCommand.class},
        description = {
            "Generates ITCH or StatsD traffic into a capture or onto UDP.",
            "itch: NASDAQ TotalView-ITCH 5.0 over MoldUDP64; statsd: StatsD metrics from several hosts. The same seed makes"
                    + " the same traffic; a pcap or pcapng capture, or UDP datagrams sent in real time (docs/generate.md)."
        })
public final class GenerateCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "what to generate is required: itch or statsd");
    }
}
