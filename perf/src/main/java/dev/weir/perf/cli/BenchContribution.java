package dev.weir.perf.cli;

import dev.weir.engines.command.CommandContribution;

/**
 * Contributes {@code weir bench} ({@link BenchCommand}) to the {@code weir} command line, which finds it with
 * {@link java.util.ServiceLoader} when this module is on the class path (the {@code ./weir} launcher adds it for
 * {@code weir bench}). Stateless and thread-safe.
 */
public final class BenchContribution implements CommandContribution {
    @Override
    public String name() {
        return "bench";
    }

    @Override
    public Object command() {
        return new BenchCommand();
    }
}
