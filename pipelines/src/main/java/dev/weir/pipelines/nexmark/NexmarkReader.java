package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Event;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.nexmark.NexmarkGenerator;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import dev.weir.source.SplitOutput;

/**
 * One instance of a {@link NexmarkSource}: its generators, one split each, read in turn a share of a batch at a
 * time. Each event is copied out of the pooled {@link Event} into an {@link EventRecord}. It keeps no position: a
 * restored pipeline reads the events again from the start. Not thread-safe: the source task's thread.
 */
final class NexmarkReader implements SourceReader<EventRecord> {
    private final NexmarkGenerator[] generators;
    private final boolean[] ended;
    private final Event event = new Event();
    private final int perSplit;
    private int open;

    NexmarkReader(final GeneratorConfig config, final int instance, final int parallelism, final int batchSize) {
        final int count = config.generators() > instance ? (config.generators() - 1 - instance) / parallelism + 1 : 0;
        this.generators = new NexmarkGenerator[count];
        for (int i = 0; i < count; i++) {
            generators[i] = new NexmarkGenerator(config, instance + i * parallelism);
        }
        this.ended = new boolean[count];
        this.open = count;
        this.perSplit = Math.max(1, batchSize / Math.max(1, count));
    }

    @Override
    public ReadStatus read(final SourceOutput<EventRecord> output) {
        for (int i = 0; i < generators.length; i++) {
            output.split(i);
        }
        for (int i = 0; i < generators.length; i++) {
            if (ended[i]) {
                continue;
            }
            final SplitOutput<EventRecord> split = output.split(i);
            for (int n = 0; n < perSplit; n++) {
                if (!generators[i].next(event)) {
                    split.end();
                    ended[i] = true;
                    open--;
                    break;
                }
                split.emit(EventRecord.of(event), event.time());
            }
        }
        return open == 0 ? ReadStatus.END : ReadStatus.MORE;
    }
}
