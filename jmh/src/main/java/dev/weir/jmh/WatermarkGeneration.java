package dev.weir.jmh;

import dev.weir.time.BoundedOutOfOrdernessWatermarks;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkOutput;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * A bounded-out-of-orderness {@link WatermarkGenerator} (docs/semantics.md §1): the per-record call
 * with event times that move forward {@value #STEP} ms a record and every fourth record {@value #LATE}
 * ms behind, and the same call followed by the periodic emit: the cost of one watermark, which a source
 * pays every watermark interval (200 ms by default) and a punctuated source up to once a record. One
 * thread; not final: JMH subclasses its benchmark classes.
 */
public class WatermarkGeneration extends Microbenchmark {
    /** The generator's bound, in milliseconds. */
    static final long OUT_OF_ORDERNESS = 100;
    /** Event time between consecutive records, in milliseconds. */
    static final long STEP = 3;
    /** How far behind every fourth record's event time is, in milliseconds. */
    static final long LATE = 50;

    private static final Object RECORD = "record";

    private final EmittedWatermark output = new EmittedWatermark();
    private WatermarkGenerator<Object> generator;
    private long timestamp;
    private long records;

    /** A generator that has seen no record. */
    @Setup(Level.Trial)
    public void createGenerator() {
        generator = new BoundedOutOfOrdernessWatermarks<>(OUT_OF_ORDERNESS);
        timestamp = 0;
        records = 0;
        output.watermark = Long.MIN_VALUE;
    }

    /** @return the event time the generator was given */
    @Benchmark
    public long onEvent() {
        final long eventTime = nextTimestamp();
        generator.onEvent(RECORD, eventTime, output);
        return eventTime;
    }

    /** @return the watermark emitted after the next record */
    @Benchmark
    public long onEventThenEmit() {
        generator.onEvent(RECORD, nextTimestamp(), output);
        generator.onPeriodicEmit(output);
        return output.watermark;
    }

    private long nextTimestamp() {
        records++;
        timestamp += STEP;
        return (records & 3) == 0 ? timestamp - LATE : timestamp;
    }

    /** Keeps the last watermark, as a source's output keeps its current one. */
    private static final class EmittedWatermark implements WatermarkOutput {
        private long watermark;

        @Override
        public void emitWatermark(final long value) {
            watermark = value;
        }

        @Override
        public void markIdle() {
            throw new IllegalStateException("a bounded-out-of-orderness generator never goes idle");
        }

        @Override
        public void markActive() {
            throw new IllegalStateException("a bounded-out-of-orderness generator never goes idle");
        }
    }
}
