package dev.weir.flink.scenario;

import dev.weir.flink.window.FlinkWindowRange;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.run.RecordFieldException;
import dev.weir.jobs.run.RecordLineParser;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.source.LineParser;
import java.io.Serializable;
import java.io.StringReader;

/**
 * {@code weir run}'s record line parser ({@link RecordLineParser}: the same rules and messages)
 * in a form Flink can ship to its tasks: it carries the job file's text and parses it again on the
 * task. It also refuses a record whose windows Flink's arithmetic would take past the 64-bit range
 * ({@link FlinkWindowRange}), as field {@code ts} of its line. One per source reader; not
 * thread-safe.
 */
final class ShippedRecordParser implements LineParser<ScenarioRecord>, Serializable {
    private static final long serialVersionUID = 1L;

    private final String jobFileName;
    private final String jobText;
    private transient JobSpec job;
    private transient RecordLineParser parser;

    /**
     * @param jobFileName the job file's name, for messages
     * @param jobText the job file's text, which parses to a job with a window
     */
    ShippedRecordParser(final String jobFileName, final String jobText) {
        this.jobFileName = jobFileName;
        this.jobText = jobText;
    }

    @Override
    public ScenarioRecord parse(final CharSequence line) {
        if (parser == null) {
            job = JobFileParser.parse(jobFileName, new StringReader(jobText));
            parser = new RecordLineParser(job);
        }
        final ScenarioRecord record = parser.parse(line);
        if (record != null) {
            final String wrapped = FlinkWindowRange.wrapped(job.window(), record.timestamp());
            if (wrapped != null) {
                throw new RecordFieldException("ts", wrapped);
            }
        }
        return record;
    }
}
