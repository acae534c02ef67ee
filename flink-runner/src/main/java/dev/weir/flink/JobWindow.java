package dev.weir.flink;

import dev.weir.pipelines.job.WatermarkSpec;
import dev.weir.pipelines.job.WindowSpec;
import dev.weir.pipelines.scenario.ScenarioRecord;
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
import org.apache.flink.streaming.api.windowing.windows.Window;
import org.apache.flink.util.OutputTag;

/**
 * A job file's watermarks and window section as Flink's (docs/flink.md, "What translates to
 * what"): Flink's generators, assigner, trigger and {@code allowedLateness}, late records to a
 * side output, and a window function that prints Weir's {@code FIRE} line ({@link FireLines}).
 * Shared by {@code weir scenario} and {@code weir run} on Flink. Stateless.
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
        switch (spec.kind()) {
            case TUMBLING:
                return process(keyed, TumblingEventTimeWindows.of(Duration.ofMillis(spec.sizeMillis()), Duration.ofMillis(spec.offsetMillis())),
                        spec, late);
            case SLIDING:
                return process(keyed, SlidingEventTimeWindows.of(Duration.ofMillis(spec.sizeMillis()), Duration.ofMillis(spec.slideMillis()),
                        Duration.ofMillis(spec.offsetMillis())), spec, late);
            case SESSION:
                return process(keyed, EventTimeSessionWindows.withGap(Duration.ofMillis(spec.gapMillis())), spec, late);
            case GLOBAL:
            default:
                return process(keyed, GlobalWindows.create(), spec, late);
        }
    }

    private static <W extends Window> SingleOutputStreamOperator<String> process(final KeyedStream<ScenarioRecord, String> keyed,
            final WindowAssigner<Object, W> assigner, final WindowSpec spec, final OutputTag<ScenarioRecord> late) {
        final WindowedStream<ScenarioRecord, String, W> windowed = keyed.window(assigner);
        final Trigger<Object, W> trigger = FlinkTriggers.of(spec.trigger());
        if (trigger != null) {
            windowed.trigger(trigger);
        }
        return windowed.allowedLateness(Duration.ofMillis(spec.allowedLatenessMillis()))
                .sideOutputLateData(late)
                .process(new FireLines<>(), Types.STRING)
                .name("window " + spec.kind().id());
    }
}
