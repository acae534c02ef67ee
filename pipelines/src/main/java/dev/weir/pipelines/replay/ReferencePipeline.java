package dev.weir.pipelines.replay;

import java.util.function.Function;

/**
 * What the reference pipelines ({@link ReplayJobs}) share: a name, a description and columns fixed when the job is
 * made, and a decoder made anew for each run. Each pipeline adds its {@link #results}. Immutable and thread-safe.
 *
 * @param <E> the decoded event type
 */
public abstract class ReferencePipeline<E> implements ReplayJob<E> {
    private final String name;
    private final String description;
    private final RowSchema schema;
    private final Function<ReplayContext, PayloadDecoder<E>> decoders;

    /**
     * @param name the name {@code --pipeline} selects it by
     * @param description one line for the help
     * @param schema the rows' columns
     * @param decoders makes one decoder for one reading thread of a run
     */
    protected ReferencePipeline(final String name, final String description, final RowSchema schema,
            final Function<ReplayContext, PayloadDecoder<E>> decoders) {
        this.name = name;
        this.description = description;
        this.schema = schema;
        this.decoders = decoders;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final RowSchema schema() {
        return schema;
    }

    @Override
    public final PayloadDecoder<E> decoder(final ReplayContext context) {
        return decoders.apply(context);
    }
}
