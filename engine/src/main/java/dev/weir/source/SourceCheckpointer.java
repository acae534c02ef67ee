package dev.weir.source;

import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.CheckpointFile;
import dev.weir.checkpoint.Manifest;
import dev.weir.checkpoint.SnapshotEntryVisitor;
import dev.weir.checkpoint.SnapshotFileReader;
import dev.weir.checkpoint.SnapshotFileWriter;
import dev.weir.runtime.chain.ChainCheckpointer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes one source instance's part in checkpoints: at every poll of its emitter it asks the
 * coordinator whether a checkpoint started; if so, between two reads, it writes the reader's
 * positions into {@code chk-<id>/<source>-<instance>.pos}, snapshots the operators fused behind
 * the source, injects the barrier into every downstream channel and acknowledges. A publisher
 * has no reader: its file holds its {@link PublisherPosition} (the records it accepted before
 * the barrier and the application's latest offset), and on restore each publisher takes back
 * the position of its own instance, so a restore needs as many publishers as the checkpoint
 * had. A reader resumes from the positions every instance recorded. The thread that feeds the
 * source only.
 */
public final class SourceCheckpointer {
    private final CheckpointCoordinator coordinator;
    private final ChainCheckpointer chain;
    private final String sourceId;
    private final int instance;
    private final int parallelism;
    private final SourceReader<?> reader;
    private final Publisher<?> publisher;
    private long handled;

    /**
     * @param coordinator starts and completes checkpoints; null when the pipeline only restores
     * @param chain checkpoints the operators fused behind the source and forwards the barrier
     * @param sourceId the source's checkpoint name
     * @param instance this instance's index
     * @param parallelism the source's number of instances
     * @param reader the instance's reader, or null for a publisher
     */
    public SourceCheckpointer(final CheckpointCoordinator coordinator, final ChainCheckpointer chain, final String sourceId,
            final int instance, final int parallelism, final SourceReader<?> reader) {
        this(coordinator, chain, sourceId, instance, parallelism, reader, null);
    }

    /**
     * @param coordinator starts and completes checkpoints; null when the pipeline only restores
     * @param chain checkpoints the operators fused behind the source and forwards the barrier
     * @param sourceId the source's checkpoint name
     * @param instance this instance's index
     * @param parallelism the source's number of instances
     * @param publisher the instance's publisher
     */
    public SourceCheckpointer(final CheckpointCoordinator coordinator, final ChainCheckpointer chain, final String sourceId,
            final int instance, final int parallelism, final Publisher<?> publisher) {
        this(coordinator, chain, sourceId, instance, parallelism, null, publisher);
    }

    private SourceCheckpointer(final CheckpointCoordinator coordinator, final ChainCheckpointer chain, final String sourceId,
            final int instance, final int parallelism, final SourceReader<?> reader, final Publisher<?> publisher) {
        this.coordinator = coordinator;
        this.chain = chain;
        this.sourceId = sourceId;
        this.instance = instance;
        this.parallelism = parallelism;
        this.reader = reader;
        this.publisher = publisher;
        this.handled = coordinator == null ? Long.MAX_VALUE : coordinator.triggeredCheckpointId();
    }

    /**
     * Takes the checkpoint that started since the last call, if any.
     *
     * @param nowMillis processing time now
     * @return true if a barrier was injected
     * @throws CheckpointException if the positions cannot be written
     */
    public boolean poll(final long nowMillis) {
        if (coordinator == null) {
            return false;
        }
        final long id = coordinator.pollTrigger(nowMillis);
        if (id <= handled) {
            return false;
        }
        handled = id;
        chain.checkpoint(id, List.of(writePositions(id)));
        return true;
    }

    private CheckpointFile writePositions(final long checkpointId) {
        final Path file = coordinator.checkpointDir(checkpointId).resolve(sourceId + "-" + instance + ".pos");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forPositions(file, checkpointId)) {
            if (publisher != null) {
                writer.position(publisher.position());
            } else {
                for (final Object position : reader.snapshotPositions()) {
                    writer.position(position);
                }
            }
            return new CheckpointFile(CheckpointFile.Kind.SOURCE_POSITIONS, sourceId, instance, parallelism,
                    file.getFileName().toString(), writer.finish(), writer.checksum());
        } catch (IOException e) {
            throw new CheckpointException("cannot write checkpoint file " + file + ": " + e, e);
        }
    }

    /** @return when this source next injects a barrier, in processing time; {@link Long#MAX_VALUE} if never or not known yet */
    public long nextDueMillis() {
        return coordinator == null ? Long.MAX_VALUE : coordinator.nextDueMillis();
    }

    /** The source's input ended: no checkpoint can start any more. */
    public void finished() {
        if (coordinator != null) {
            coordinator.participantFinished();
        }
    }

    /**
     * Restores the reader's positions and the fused operators; before the first read.
     *
     * @param directory the checkpoint directory
     * @param manifest the checkpoint's manifest
     * @throws CheckpointException if a file is missing or unreadable, or the positions do not fit the source
     * @throws SourceFileChangedException if an input file changed before its recorded position
     */
    public void restore(final CheckpointDirectory directory, final Manifest manifest) {
        chain.restore(directory, manifest);
        if (publisher != null) {
            restorePublisher(directory, manifest);
            return;
        }
        final List<Object> positions = new ArrayList<>();
        final SnapshotEntryVisitor collector = new SnapshotEntryVisitor() {
            @Override
            public void position(final Object position) {
                positions.add(position);
            }
        };
        final List<CheckpointFile> files = manifest.files(CheckpointFile.Kind.SOURCE_POSITIONS, sourceId);
        for (final CheckpointFile file : files) {
            SnapshotFileReader.readPositions(directory.file(manifest, file), collector);
        }
        try {
            reader.restorePositions(positions);
        } catch (SourceFileChangedException changed) {
            throw changed; // names the input file, not the checkpoint: the input is what is wrong
        } catch (RuntimeException misfit) {
            throw new CheckpointException("source " + sourceId + " cannot resume from checkpoint " + manifest.checkpointId() + " in "
                    + directory.checkpointDir(manifest.checkpointId()) + ": " + misfit.getMessage(), misfit);
        }
    }

    /** Gives the publisher the position its own instance recorded. */
    private void restorePublisher(final CheckpointDirectory directory, final Manifest manifest) {
        final String cannot = "cannot restore checkpoint " + manifest.checkpointId() + " in "
                + directory.checkpointDir(manifest.checkpointId()) + ": source " + sourceId;
        final List<CheckpointFile> files = manifest.files(CheckpointFile.Kind.SOURCE_POSITIONS, sourceId);
        if (files.size() != parallelism) {
            throw new CheckpointException(cannot + " had " + files.size() + " publisher" + (files.size() == 1 ? "" : "s")
                    + ", the pipeline has " + parallelism + ": each publisher resumes from the position of its own instance");
        }
        final List<Object> positions = new ArrayList<>();
        SnapshotFileReader.readPositions(directory.file(manifest, files.get(instance)), new SnapshotEntryVisitor() {
            @Override
            public void position(final Object position) {
                positions.add(position);
            }
        });
        if (positions.size() != 1 || !(positions.get(0) instanceof PublisherPosition)) {
            throw new CheckpointException(cannot + ": " + files.get(instance).fileName() + " holds "
                    + (positions.isEmpty() ? "no position" : "the positions " + positions)
                    + " where a publisher's position belongs (a checkpoint of another kind of source, or of a Weir that recorded none)");
        }
        publisher.restore((PublisherPosition) positions.get(0));
    }
}
