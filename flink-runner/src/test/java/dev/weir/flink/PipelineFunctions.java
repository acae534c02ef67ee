package dev.weir.flink;

import dev.weir.operator.Collector;
import dev.weir.operator.KeySelector;
import dev.weir.state.AggregateFunction;
import dev.weir.state.ReduceFunction;
import dev.weir.time.Punctuation;
import dev.weir.time.TimestampAssigner;
import java.io.Serializable;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The serializable user functions of the translated test pipelines. A record is a line
 * {@code key,timestamp,value}; a record with key {@code #} is a marker that carries the
 * watermark of its timestamp.
 */
public final class PipelineFunctions {
    public static final KeySelector<String, String> KEY = (KeySelector<String, String> & Serializable) line -> field(line, 0);
    public static final TimestampAssigner<String> TIMESTAMP = (TimestampAssigner<String> & Serializable) (line, carried) -> Long.parseLong(field(line, 1));
    public static final Punctuation<String> MARKER = (Punctuation<String> & Serializable) (line, timestamp) ->
            field(line, 0).equals("#") ? timestamp : Punctuation.NO_WATERMARK;
    public static final Predicate<String> NOT_MARKER = (Predicate<String> & Serializable) line -> !field(line, 0).equals("#");
    /** Keeps the key and the highest timestamp, adds the values. */
    public static final ReduceFunction<String> SUM = (ReduceFunction<String> & Serializable) (a, b) -> field(a, 0) + ","
            + Math.max(Long.parseLong(field(a, 1)), Long.parseLong(field(b, 1))) + "," + (value(a) + value(b));
    /** The key in upper case. */
    public static final Function<String, String> UPPER_KEY = (Function<String, String> & Serializable) line -> line.substring(0, line.indexOf(','))
            .toUpperCase() + line.substring(line.indexOf(','));
    /** {@code k,ts,v1 v2 ...} as one record per value. */
    public static final BiConsumer<String, Collector<String>> SPLIT_VALUES = (BiConsumer<String, Collector<String>> & Serializable) (line, out) -> {
        for (final String value : field(line, 2).split(" ")) {
            out.collect(field(line, 0) + "," + field(line, 1) + "," + value);
        }
    };
    /** {@code [result]}. */
    public static final Function<String, String> BRACKETS = (Function<String, String> & Serializable) result -> "[" + result + "]";
    public static final Predicate<String> EVEN_VALUE = (Predicate<String> & Serializable) line -> value(line) % 2 == 0;

    private PipelineFunctions() {
    }

    public static String field(final String line, final int index) {
        return line.split(",", -1)[index];
    }

    public static long value(final String line) {
        return Long.parseLong(field(line, 2));
    }

    /** Count and sum of the values, as {@code count=N sum=S}; merges for session windows. */
    public static final class CountAndSum implements AggregateFunction<String, long[], String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(final String value, final long[] accumulator) {
            accumulator[0]++;
            accumulator[1] += value(value);
            return accumulator;
        }

        @Override
        public String getResult(final long[] accumulator) {
            return "count=" + accumulator[0] + " sum=" + accumulator[1];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }
}
