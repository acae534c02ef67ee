package dev.weir.tools.generate;

import dev.weir.pipelines.generate.StatsdTrafficGenerator;
import dev.weir.pipelines.generate.StatsdTrafficOptions;
import dev.weir.tools.cli.WeirVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code weir generate statsd}: StatsD metric traffic from several hosts (docs/replay.md, "Generating captures"). */
@Command(
        name = "statsd",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        abbreviateSynopsis = true,
        description = {
            "Generates StatsD metric traffic from several hosts.",
            "From 09:30:00 on 2026-11-30: every metric type, with sample rates, tags and optionally malformed lines; in a"
                    + " minute or more some hosts fall silent for 40 s, one for good.",
            "Default destination 127.0.0.1:8125. A one-line summary goes to stderr."
        })
public final class GenerateStatsdCommand implements Callable<Integer> {
    @Mixin
    private TrafficOutput output;

    @Option(names = "--hosts", paramLabel = "N", defaultValue = "4", description = "Sending hosts (default 4, at most 254).")
    private int hosts;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "10000", description = "Metric lines in all (default 10000).")
    private long messages;

    @Option(names = "--rate", paramLabel = "N", defaultValue = "100",
            description = "Lines a second, all hosts together, on average (default 100).")
    private long rate;

    @Option(names = "--malformed", paramLabel = "FRACTION", defaultValue = "0",
            description = "The fraction of lines that are malformed, 0 to 1 (default 0).")
    private double malformed;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The same seed makes the same traffic (default 1).")
    private long seed;

    @Override
    public Integer call() {
        output.check();
        output.refuseItchMessages("it writes ITCH messages, and StatsD traffic has none: use pcap or pcapng");
        final StatsdTrafficOptions options = output.option(() -> new StatsdTrafficOptions(hosts, messages, rate, seed, malformed,
                output.port(StatsdTrafficOptions.DEFAULT_PORT), output.destination(StatsdTrafficOptions.DEFAULT_DESTINATION)));
        output.generate("statsd", sink -> new StatsdTrafficGenerator(options).generate(sink).text());
        return 0;
    }
}
