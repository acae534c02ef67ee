package dev.weir.flink;

import dev.weir.pipelines.scenario.ScenarioLines;
import dev.weir.pipelines.scenario.ScenarioRecord;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.BoundedOutOfOrdernessWatermarks;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.OutputTag;

/**
 * The cluster test's job as Flink's DataStream API spells it: the records of {@link IndexedRecords}
 * from a checkpointed, rate-limited generator source (its two index ranges are the two record
 * files), each source instance's watermark after every record with a bounded out-of-orderness,
 * {@code keyBy(key)}, a tumbling event-time window printing Weir's {@code FIRE} lines
 * ({@link FireLines}) and late records as {@code LATE} lines: what
 * {@code weir run} does with {@link #JOB_FILE} over the same files. Stateless.
 */
final class ClusterWindowJob {
    /** Weir's job file for the same window. */
    static final String JOB_FILE = String.join("\n",
            "channels: 2",
            "parallelism: 2",
            "watermarks:",
            "  strategy: bounded-out-of-orderness",
            "  maxOutOfOrderness: " + ClusterWindowJob.OUT_OF_ORDERNESS_MILLIS,
            "  interval: 0",
            "window:",
            "  type: tumbling",
            "  size: " + ClusterWindowJob.WINDOW_MILLIS,
            "  sideOutputLateData: true",
            "");
    static final long OUT_OF_ORDERNESS_MILLIS = 200;
    static final long WINDOW_MILLIS = 1000;

    private ClusterWindowJob() {
    }

    /**
     * Adds the job to {@code env}, at the environment's parallelism.
     *
     * @param records the records
     * @param recordsPerSecond the source's rate over all its instances, so the job runs long enough to be killed mid-run
     * @return the FIRE and LATE lines
     */
    static DataStream<String> build(final StreamExecutionEnvironment env, final IndexedRecords records, final double recordsPerSecond) {
        final TypeInformation<ScenarioRecord> type = TypeInformation.of(ScenarioRecord.class);
        final DataGeneratorSource<ScenarioRecord> source = new DataGeneratorSource<>(records, records.size(),
                RateLimiterStrategy.perSecond(recordsPerSecond), type);
        final Duration bound = Duration.ofMillis(OUT_OF_ORDERNESS_MILLIS);
        final WatermarkStrategy<ScenarioRecord> watermarks = WatermarkStrategy
                .<ScenarioRecord>forGenerator(context -> new AfterEveryRecord<>(new BoundedOutOfOrdernessWatermarks<>(bound)))
                .withTimestampAssigner((record, previous) -> record.timestamp());
        final OutputTag<ScenarioRecord> late = new OutputTag<>("late", type);
        final SingleOutputStreamOperator<String> fires = env.fromSource(source, watermarks, "records", type)
                .keyBy(ScenarioRecord::key, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(WINDOW_MILLIS)))
                .sideOutputLateData(late)
                .process(new FireLines<TimeWindow>(), Types.STRING)
                .name("window");
        return fires.union(fires.getSideOutput(late).map(ScenarioLines::late, Types.STRING));
    }
}
