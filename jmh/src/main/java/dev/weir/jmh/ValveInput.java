package dev.weir.jmh;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.valve.WatermarkValve;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The {@link WatermarkValve} of an operator with {@code channels} inputs (docs/semantics.md §2). Channels take
 * turns, each watermark one higher than the last, so the slowest channel moves on every operation and
 * the valve emits a new minimum every time: its worst steady case. {@link #idleChurn} sends the channel
 * idle and active again before its watermark, as a source that keeps flapping between idle and active
 * does. One thread; not final: JMH subclasses its benchmark classes.
 */
public class ValveInput extends Microbenchmark {
    /** Input channels of the valve. */
    @Param({"2", "8", "64"})
    public int channels;

    private final EmittedWatermarks emitted = new EmittedWatermarks();
    private WatermarkValve valve;
    private long watermark;
    private int channel;

    /** A valve whose channels all hold a watermark (1 to {@code channels}), so every later one moves the minimum. */
    @Setup(Level.Trial)
    public void createValve() {
        valve = new WatermarkValve(channels, emitted);
        watermark = 0;
        channel = 0;
        for (int c = 0; c < channels; c++) {
            watermark();
        }
    }

    /** @return the valve's output after the next channel's watermark */
    @Benchmark
    public long watermark() {
        valve.inputWatermark(++watermark, nextChannel());
        return valve.lastOutputWatermark();
    }

    /** @return the valve's output after the next channel went idle, active again, and sent its watermark */
    @Benchmark
    public long idleChurn() {
        final int c = nextChannel();
        valve.inputStatus(WatermarkStatus.IDLE, c);
        valve.inputStatus(WatermarkStatus.ACTIVE, c);
        valve.inputWatermark(++watermark, c);
        return valve.lastOutputWatermark();
    }

    /** @return watermarks the valve emitted so far */
    long emittedWatermarks() {
        return emitted.watermarks;
    }

    private int nextChannel() {
        final int c = channel;
        channel = c + 1 == channels ? 0 : c + 1;
        return c;
    }

    /** Counts what the valve emits; never sees a status change while some channel is active. */
    private static final class EmittedWatermarks implements WatermarkSink {
        private long watermarks;

        @Override
        public void watermark(final long value) {
            watermarks++;
        }

        @Override
        public void status(final WatermarkStatus status) {
            throw new IllegalStateException("the valve's output went " + status + ": a channel is always active");
        }
    }
}
