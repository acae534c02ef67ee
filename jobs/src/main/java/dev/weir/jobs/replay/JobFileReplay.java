package dev.weir.jobs.replay;

import dev.weir.api.DataStream;
import dev.weir.jobs.file.JobFileException;
import dev.weir.jobs.file.JobSpec;
import dev.weir.time.WatermarkKind;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.jobs.scenario.EmissionAfterEveryRecord;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.jobs.scenario.ScenarioOperators;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.pipelines.replay.CaptureProtocol;
import dev.weir.pipelines.replay.DecodedEvents;
import dev.weir.pipelines.replay.Payload;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.clock.Clock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.WindowOperator;
import java.util.Map;

/**
 * {@code weir replay --job JOB.yaml}: a job file's window over decoded events, printing the same FIRE and LATE
 * lines as {@code weir run} and, last, {@code # lateDropped=N}. Each event becomes a record (key, timestamp,
 * value) through its {@link CaptureProtocol}; the record's timestamp is the event time. The job's watermarks apply
 * (bounded out-of-orderness or monotonous, its interval, 0 = after every record); the window keeps its
 * elements, so each event is copied into a record of its own here.
 *
 * @param <E> the decoded event type
 */
public final class JobFileReplay<E> implements ReplayJob<ScenarioRecord> {
    private final JobSpec job;
    private final CaptureProtocol<E> records;

    /**
     * @param file the job file's name, for refusals
     * @param job the job file, with a window section, one channel, and watermarks from event times
     * @param records the decoder and how its events become records
     * @throws JobFileException naming the file and the section that a replay cannot run
     */
    public JobFileReplay(final String file, final JobSpec job, final CaptureProtocol<E> records) {
        if (job.window() == null) {
            throw new JobFileException(file, 0, "window", "is required by 'weir replay --job' (it prints window results)");
        }
        if (job.channels() != 1) {
            throw new JobFileException(file, 0, "channels", "a capture replay is one stream: channels must be 1, got " + job.channels());
        }
        switch (job.watermarks().kind()) {
            case BOUNDED_OUT_OF_ORDERNESS, MONOTONOUS -> {
            }
            default -> throw new JobFileException(file, 0, "watermarks.strategy", "a capture replay takes watermarks from the events'"
                    + " times: bounded-out-of-orderness or monotonous, got " + job.watermarks().kind().name().toLowerCase().replace('_', '-'));
        }
        this.job = job;
        this.records = records;
    }

    @Override
    public String name() {
        return "job";
    }

    @Override
    public String description() {
        return "a job file's window over " + records.name() + " events";
    }

    @Override
    public RowSchema schema() {
        return RowSchema.textLines();
    }

    @Override
    public PayloadDecoder<ScenarioRecord> decoder(final ReplayContext context) {
        final PayloadDecoder<E> decoder = records.decoder(context);
        return new PayloadDecoder<>() {
            @Override
            public void decode(final Payload datagram, final DecodedEvents<ScenarioRecord> events) {
                decoder.decode(datagram, (event, eventTimeMillis) -> {
                    final ScenarioRecord record = records.record(event, eventTimeMillis);
                    if (record != null) {
                        events.emit(record, eventTimeMillis);
                    }
                });
            }

            @Override
            public boolean readsItchMessages() {
                return decoder.readsItchMessages();
            }

            @Override
            public void endOfInput() {
                decoder.endOfInput();
            }

            @Override
            public Map<String, Long> counts() {
                return decoder.counts();
            }
        };
    }

    @Override
    public long outOfOrdernessMillis(final ReplayOptions options) {
        return job.watermarks().kind() == WatermarkKind.MONOTONOUS ? 0 : job.watermarks().maxOutOfOrdernessMillis();
    }

    @Override
    public WatermarkStrategy<ScenarioRecord> watermarks(final ReplayOptions options, final Clock processingTime) {
        final WatermarkSpec spec = job.watermarks();
        final WatermarkStrategy<ScenarioRecord> strategy = ScenarioOperators.watermarkStrategy(spec);
        if (spec.intervalMillis() > 0) {
            return strategy;
        }
        return WatermarkStrategy.<ScenarioRecord>forGenerator(() -> new EmissionAfterEveryRecord<>(strategy.createGenerator(processingTime)))
                .withPeriodicInterval(0);
    }

    @Override
    public DataStream<? extends ResultRow> results(final DataStream<ScenarioRecord> events, final ReplayContext context) {
        return events.keyBy(ScenarioRecord::key)
                .parallelism(job.parallelism())
                .transform(WindowOperator.DEFAULT_NAME, ScenarioOperators.windowOperator(job.window()))
                .sideOutput(ScenarioOperators.LATE, (record, timestamp) -> {
                    final String line = ScenarioLines.late(record);
                    context.sideRow(row -> row.text(line));
                })
                .map(line -> (ResultRow) row -> row.text(line));
    }

    @Override
    public String trailer(final ReplaySummary summary) {
        return ScenarioLines.summary(summary.lateDropped());
    }
}
