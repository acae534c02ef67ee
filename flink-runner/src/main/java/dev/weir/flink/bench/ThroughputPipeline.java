package dev.weir.flink.bench;

import dev.weir.api.StreamPipeline;
import dev.weir.operator.KeySelector;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.GeneratorSource;
import dev.weir.source.RecordGenerator;
import dev.weir.state.AggregateFunction;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;

/**
 * The one pipeline {@link ThroughputMain} runs on both engines (docs/flink.md, "Measured cost"):
 * a generator of {@code n} records (record {@code i} is the number {@code i}, at event time
 * {@code i} ms, key {@code i % keys}) at the generator's highest rate, monotonous watermarks on
 * the default periodic interval, {@code keyBy}, tumbling windows of one second, a count and sum
 * aggregate, and the sink given. Every record is in its own instance's order and the watermark
 * never passes a record still to come, so no record is late and the results do not depend on
 * timing. Stateless.
 */
final class ThroughputPipeline {
    /** The window size, ms. */
    static final long WINDOW_MILLIS = 1000;

    private ThroughputPipeline() {
    }

    /**
     * @param records the records in total; positive
     * @param keys the number of keys; positive
     * @param sink receives one {@code long[] {count, sum}} per key and window, at the window's end minus one
     * @return the pipeline, ended by the sink
     */
    static StreamPipeline of(final long records, final int keys, final Sink<Object> sink) {
        return StreamPipeline.named("throughput")
                .from("numbers", GeneratorSource.bounded(records, GeneratorSource.MAX_RECORDS_PER_SECOND, new Numbers()),
                        WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner(new AtItsNumber()), 1)
                .keyBy(new Remainder(keys))
                .window(TumblingEventTimeWindows.of(WINDOW_MILLIS))
                .aggregate(new CountAndSum())
                .sink(sink);
    }

    /** Record {@code i} is the number {@code i}. */
    private static final class Numbers implements RecordGenerator<Long>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Long generate(final long sequence, final long intendedNanos) {
            return sequence;
        }
    }

    /** A number's event time is the number, in ms. */
    private static final class AtItsNumber implements TimestampAssigner<Long>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public long extractTimestamp(final Long number, final long recordTimestamp) {
            return number;
        }
    }

    /** A number's key is its remainder by the number of keys. */
    private static final class Remainder implements KeySelector<Long, Long>, Serializable {
        private static final long serialVersionUID = 1L;

        private final int keys;

        Remainder(final int keys) {
            this.keys = keys;
        }

        @Override
        public Long keyOf(final Long number) {
            return number % keys;
        }
    }

    /** Count and sum of the numbers: {@code long[] {count, sum}}. */
    private static final class CountAndSum implements AggregateFunction<Long, long[], long[]>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(final Long number, final long[] accumulator) {
            accumulator[0]++;
            accumulator[1] += number;
            return accumulator;
        }

        @Override
        public long[] getResult(final long[] accumulator) {
            return accumulator.clone();
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }
}
