package dev.weir.tools.generate;

import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.tools.cli.WeirVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code weir generate itch}: a NASDAQ TotalView-ITCH 5.0 session over MoldUDP64 (docs/replay.md, "Generating captures"). */
@Command(
        name = "itch",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        abbreviateSynopsis = true,
        description = {
            "Generates a TotalView-ITCH 5.0 session over MoldUDP64.",
            "From 09:30:00 on 2026-11-30: the stock directory, then consistent order flow (adds, executions, cancels, deletes,"
                    + " replaces, trades, crosses, breaks).",
            "Default destination 233.54.12.111:26400. A one-line summary goes to stderr.",
            "--format nasdaq-binary writes the messages alone, length-prefixed, as NASDAQ's sample files (no packets)."
        })
public final class GenerateItchCommand implements Callable<Integer> {
    @Mixin
    private TrafficOutput output;

    @Option(names = "--symbols", paramLabel = "N", defaultValue = "8", description = "Stocks listed (default 8, at most 5000).")
    private int symbols;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "10000", description = "ITCH messages in all (default 10000).")
    private long messages;

    @Option(names = "--rate", paramLabel = "N", defaultValue = "10000",
            description = "Messages a second of ITCH time, on average (default 10000).")
    private long rate;

    @Option(names = "--disorder", paramLabel = "MS", defaultValue = "0",
            description = "Delay one packet in twenty by up to MS milliseconds, so that later ones overtake it (default 0).")
    private long disorder;

    @Option(names = "--gaps", paramLabel = "N", defaultValue = "0",
            description = "Leave out N packets of order flow, none next to another: N sequence gaps (default 0).")
    private int gaps;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The same seed makes the same traffic (default 1).")
    private long seed;

    @Override
    public Integer call() {
        output.check();
        if (disorder != 0 || gaps != 0) {
            output.refuseItchMessages("a file of messages has no packets to " + (disorder != 0 ? "reorder: leave out --disorder"
                    : "leave out: leave out --gaps"));
        }
        final ItchTrafficOptions options = output.option(() -> new ItchTrafficOptions(symbols, messages, rate, disorder, seed, gaps,
                output.port(ItchTrafficOptions.DEFAULT_PORT), output.destination(ItchTrafficOptions.DEFAULT_DESTINATION)));
        output.generate("itch", sink -> new ItchTrafficGenerator(options).generate(sink).text());
        return 0;
    }
}
