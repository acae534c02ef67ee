package dev.weir.jobs.scenario;

import java.util.function.Consumer;

/**
 * The lines of a scenario on the deterministic scheduler: one thread runs every instance, in
 * a fixed order (an instance's results reach the sink before the next instance runs), so each
 * line goes out as it is printed. Not thread-safe: the scheduler's thread only.
 */
final class ImmediateLines implements InstanceLines {
    private final Consumer<String> out;

    /** @param out receives the lines */
    ImmediateLines(final Consumer<String> out) {
        this.out = out;
    }

    @Override
    public void bind(final int instance) {
        // one thread runs every instance: nothing to tell apart
    }

    @Override
    public void line(final String line) {
        out.accept(line);
    }

    @Override
    public void watermark() {
        // lines are never held
    }

    @Override
    public void finished() {
        // lines are never held
    }

    @Override
    public void flush() {
        // lines are never held
    }

    @Override
    public void line(final int instance, final String line) {
        out.accept(line);
    }

    @Override
    public void watermark(final int instance) {
        // lines are never held
    }

    @Override
    public void finished(final int instance) {
        // lines are never held
    }

    @Override
    public void settled() {
        // lines are never held
    }
}
