package dev.weir.flink.scenario;

import dev.weir.flink.window.FlinkTriggers;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.jobs.file.WindowSpec;
import dev.weir.jobs.scenario.FireLineFunction;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.AscendingTimestampsWatermarks;
import org.apache.flink.api.common.eventtime.BoundedOutOfOrdernessWatermarks;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.util.OutputTag;
import org.apache.flink.util.function.SerializableSupplier;

/**
 * A job file's watermarks and window section as Flink's (docs/flink.md, "What translates to
 * what"): Flink's generators, assigner, trigger and {@code allowedLateness}, late records to a
 * side output, and a window function that prints Weir's {@code FIRE} line, or a window join's
 * {@code JOIN} lines ({@link FireLines}). Shared by {@code weir scenario} and {@code weir run} on
 * Flink. Stateless.
 */
final class JobWindow {
    private JobWindow() {
    }

    /**
     * @param spec the job's watermarks section with an interval of 0 (a record file's job, {@link FlinkRecordRun}; scenarios
     *     drive Flink's generators on their processing time, {@link ChannelWatermarks})
     * @return Flink's generator, its watermark emitted after every record, or none for explicit watermarks
     */
    static WatermarkStrategy<ScenarioRecord> watermarks(final WatermarkSpec spec) {
        switch (spec.kind()) {
            case BOUNDED_OUT_OF_ORDERNESS:
                final Duration bound = Duration.ofMillis(spec.maxOutOfOrdernessMillis());
                return WatermarkStrategy.forGenerator(context -> new AfterEveryRecord<>(new BoundedOutOfOrdernessWatermarks<>(bound)));
            case MONOTONOUS:
                return WatermarkStrategy.forGenerator(context -> new AfterEveryRecord<>(new AscendingTimestampsWatermarks<>()));
            case EXPLICIT:
            case NONE:
            default:
                // W rows only, emitted by the source
                return WatermarkStrategy.noWatermarks();
        }
    }

    /**
     * @param keyed the records by key
     * @param spec the job's window section
     * @param late where the window operator sends late records (always set: without the job's
     *     side output they are counted as dropped)
     * @return the {@code FIRE} lines, with the late records as the side output {@code late}
     */
    static SingleOutputStreamOperator<String> fires(
            final KeyedStream<ScenarioRecord, String> keyed, final WindowSpec spec, final OutputTag<ScenarioRecord> late) {
        return lines(keyed, spec, late, FireLineFunction::new);
    }

    /**
     * Flink's window operator over {@code keyed} as the window section says (assigner, trigger,
     * {@code allowedLateness}), each firing handed to a Weir window function that prints its lines.
     *
     * @param keyed the elements by key
     * @param spec a window section (the job's, or a window join's)
     * @param late where the window operator sends late elements
     * @param function makes the Weir window function of each operator instance
     * @param <T> the element type
     * @return the function's lines, with the late elements as the side output {@code late}
     */
    static <T> SingleOutputStreamOperator<String> lines(final KeyedStream<T, String> keyed, final WindowSpec spec, final OutputTag<T> late,
            final SerializableSupplier<ProcessWindowFunction<T, String, String, Window>> function) {
        switch (spec.kind()) {
            case TUMBLING:
                return process(keyed, TumblingEventTimeWindows.of(Duration.ofMillis(spec.sizeMillis()), Duration.ofMillis(spec.offsetMillis())),
                        spec, late, function);
            case SLIDING:
                return process(keyed, SlidingEventTimeWindows.of(Duration.ofMillis(spec.sizeMillis()), Duration.ofMillis(spec.slideMillis()),
                        Duration.ofMillis(spec.offsetMillis())), spec, late, function);
            case SESSION:
                return process(keyed, EventTimeSessionWindows.withGap(Duration.ofMillis(spec.gapMillis())), spec, late, function);
            case GLOBAL:
            default:
                return process(keyed, GlobalWindows.create(), spec, late, function);
        }
    }

    private static <T, W extends org.apache.flink.streaming.api.windowing.windows.Window> SingleOutputStreamOperator<String> process(
            final KeyedStream<T, String> keyed, final WindowAssigner<Object, W> assigner, final WindowSpec spec, final OutputTag<T> late,
            final SerializableSupplier<ProcessWindowFunction<T, String, String, Window>> function) {
        final WindowedStream<T, String, W> windowed = keyed.window(assigner);
        final Trigger<Object, W> trigger = FlinkTriggers.of(spec.trigger());
        if (trigger != null) {
            windowed.trigger(trigger);
        }
        return windowed.allowedLateness(Duration.ofMillis(spec.allowedLatenessMillis()))
                .sideOutputLateData(late)
                .process(new FireLines<T, W>(function), Types.STRING)
                .name("window " + spec.kind().id());
    }
}
