package dev.weir.flink.source;

import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.source.GeneratorSource;
import dev.weir.source.RecordGenerator;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A Weir {@link GeneratorSource} as a FLIP-27 source (docs/flink.md, "Sources on Flink"): one
 * split per Weir instance ({@link GeneratorSplit}: share {@code i} of {@code p} makes records
 * {@code i, i+p, ...}), each on Weir's fixed-rate schedule, its next sequence number checkpointed.
 * Bounded when the generator is. Run it at the parallelism given here, so that reader {@code i}
 * emits what Weir's instance {@code i} emits. The schedule runs on the JVM's monotonic clock of
 * the task manager, or on the source's own {@link NanoClock} if that is {@code Serializable}.
 * Immutable once built; the record generator must be {@code Serializable}.
 *
 * <pre>{@code
 * env.fromSource(FlinkGeneratorSource.of(GeneratorSource.bounded(n, rate, generator), 2), watermarks, "ticks")
 *    .setParallelism(2);
 * }</pre>
 *
 * @param <T> the record type
 */
public final class FlinkGeneratorSource<T> implements Source<T, GeneratorSplit, List<GeneratorSplit>> {
    private static final long serialVersionUID = 1L;

    private final RecordGenerator<T> generator;
    /** The source's own clock, or null for the JVM's ({@link SystemNanoClock}, which is not shipped). */
    private final NanoClock clock;
    private final long count;
    private final long recordsPerSecond;
    private final int batchSize;
    private final int shares;

    private FlinkGeneratorSource(final RecordGenerator<T> generator, final NanoClock clock, final long count, final long recordsPerSecond,
            final int batchSize, final int shares) {
        this.generator = generator;
        this.clock = clock;
        this.count = count;
        this.recordsPerSecond = recordsPerSecond;
        this.batchSize = batchSize;
        this.shares = shares;
    }

    /**
     * @param source Weir's source: its count, rate, generator, clock and batch size
     * @param parallelism the number of Weir instances it stands for, and the Flink source's parallelism; positive
     * @param <T> the record type
     * @return the same source for Flink
     * @throws IllegalArgumentException if the generator, or a clock other than {@link SystemNanoClock}, is not
     *     {@code Serializable}, or the parallelism is not positive
     */
    public static <T> FlinkGeneratorSource<T> of(final GeneratorSource<T> source, final int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be positive: " + parallelism);
        }
        if (!(source.generator() instanceof Serializable)) {
            throw new IllegalArgumentException("the record generator must be Serializable to be shipped to Flink's tasks");
        }
        final NanoClock clock = source.nanoClock() instanceof SystemNanoClock ? null : source.nanoClock();
        if (clock != null && !(clock instanceof Serializable)) {
            throw new IllegalArgumentException("the generator's NanoClock must be the system's or Serializable to be shipped to Flink's tasks");
        }
        return new FlinkGeneratorSource<>(source.generator(), clock, source.count(), source.recordsPerSecond(), source.batchSize(), parallelism);
    }

    @Override
    public Boundedness getBoundedness() {
        return count == Long.MAX_VALUE ? Boundedness.CONTINUOUS_UNBOUNDED : Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<GeneratorSplit, List<GeneratorSplit>> createEnumerator(final SplitEnumeratorContext<GeneratorSplit> context) {
        final List<GeneratorSplit> splits = new ArrayList<>(shares);
        for (int i = 0; i < shares; i++) {
            splits.add(new GeneratorSplit(i, shares, i));
        }
        return new InstanceSplitEnumerator<>(context, splits);
    }

    @Override
    public SplitEnumerator<GeneratorSplit, List<GeneratorSplit>> restoreEnumerator(final SplitEnumeratorContext<GeneratorSplit> context,
            final List<GeneratorSplit> pending) {
        return new InstanceSplitEnumerator<>(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<GeneratorSplit> getSplitSerializer() {
        return new GeneratorSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<List<GeneratorSplit>> getEnumeratorCheckpointSerializer() {
        return new SplitListSerializer<>(new GeneratorSplitSerializer());
    }

    @Override
    public SourceReader<T, GeneratorSplit> createReader(final SourceReaderContext context) {
        return new GeneratorSplitReader<>(context, generator, clock == null ? SystemNanoClock.INSTANCE : clock, count, recordsPerSecond,
                batchSize);
    }
}
