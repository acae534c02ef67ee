package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * Query 12's tumbling windows of processing time, per bidder: a bid counts in the window
 * {@code [now - now % size, now - now % size + size)} of the processing time {@code now} at which it is processed
 * (the pipeline's {@code Clock}), whatever its event time. A bidder has at most one open window, since processing
 * time never goes back. The window is printed by a processing-time timer at its end, the first millisecond after it:
 * every bid processed in its last millisecond is in, as when Flink's timers fire once their time has passed. Should a
 * bid of a later window come before that timer has fired, the open window is printed first. At end of input
 * processing time jumps to the end of time, so every open window is printed.
 */
final class ProcessingTimeCounts implements KeyedProcessFunction<Long, BidRecord, String> {
    private static final ValueStateDescriptor<WindowCount> OPEN = new ValueStateDescriptor<>("open-window");
    private final long size;

    /** @param size the window size, ms */
    ProcessingTimeCounts(final long size) {
        this.size = size;
    }

    @Override
    public void processElement(final BidRecord bid, final Context<Long> ctx, final Collector<String> out) {
        final long now = ctx.currentProcessingTime();
        final long start = now - Math.floorMod(now, size);
        final ValueState<WindowCount> open = ctx.state(OPEN);
        final WindowCount held = open.value();
        if (held != null && held.start() == start) {
            open.update(new WindowCount(start, held.count() + 1));
            return;
        }
        if (held != null) {
            ctx.deleteProcessingTimeTimer(held.start() + size);
            out.collect(row(ctx.currentKey(), held));
        }
        open.update(new WindowCount(start, 1));
        ctx.registerProcessingTimeTimer(start + size);
    }

    @Override
    public void onTimer(final long timestamp, final Context<Long> ctx, final Collector<String> out) {
        final ValueState<WindowCount> open = ctx.state(OPEN);
        final WindowCount held = open.value();
        if (held != null && held.start() + size <= timestamp) {
            out.collect(row(ctx.currentKey(), held));
            open.clear();
        }
    }

    private String row(final long bidder, final WindowCount window) {
        return bidder + "," + window.count() + "," + SqlTimestamp.format(window.start()) + "," + SqlTimestamp.format(window.start() + size);
    }
}
