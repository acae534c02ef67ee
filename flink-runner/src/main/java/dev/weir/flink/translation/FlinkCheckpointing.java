package dev.weir.flink.translation;

import dev.weir.plan.PipelineSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A pipeline's {@code checkpointing(dir, interval)} as Flink's own checkpointing (docs/flink.md,
 * "State and checkpoints on Flink vs Weir"): exactly-once checkpoints every interval into Flink's
 * file-system checkpoint storage in that directory, kept when the job is cancelled, and a
 * fixed-delay restart strategy ({@link #RESTART_ATTEMPTS} attempts, {@link #RESTART_DELAY}
 * apart), so that a failed task resumes from the latest checkpoint. A Weir checkpoint to restore
 * from is refused: Flink cannot read it. Stateless.
 */
public final class FlinkCheckpointing {
    /** How often a checkpointed job on Flink restarts after a failure before it fails for good. */
    static final int RESTART_ATTEMPTS = 5;
    /** The time between a failure and the restart: long enough for a lost TaskManager's slots to be replaced. */
    static final Duration RESTART_DELAY = Duration.ofSeconds(2);

    private FlinkCheckpointing() {
    }

    /**
     * Configures the environment before any sink is added (the collect sinks read it: with
     * checkpointing on they hand out only checkpointed results).
     *
     * @param settings the pipeline's settings
     * @param environment the run's environment
     * @throws FlinkTranslationException if the pipeline restores from a Weir checkpoint
     */
    static void configure(final PipelineSettings settings, final StreamExecutionEnvironment environment) {
        if (settings.restoreDir() != null) {
            throw FlinkTranslationException.ofPipeline(settings.name(), "restoreFrom(" + settings.restoreDir() + "): a Weir checkpoint"
                    + " holds Weir's own state, timer and read-position files, which Flink cannot read; a Flink job resumes from Flink's"
                    + " checkpoints or savepoints");
        }
        if (settings.checkpointing()) {
          enable(environment, settings.checkpointDir(), settings.checkpointInterval());
        }
    }

    /**
     * @param environment the run's environment, before any sink is added
     * @param directory where Flink's checkpoints go: one directory per job under it
     * @param interval the time between checkpoints; positive
     */
    public static void enable(final StreamExecutionEnvironment environment, final Path directory, final Duration interval) {
        final Configuration configuration = new Configuration();
        configuration.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        configuration.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, directory.toAbsolutePath().toUri().toString());
        configuration.set(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION, ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        configuration.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, RESTART_ATTEMPTS);
        configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, RESTART_DELAY);
        environment.configure(configuration);
        // exactly-once, Flink's default mode: the collect sinks then give only results a completed checkpoint covers
        environment.enableCheckpointing(interval.toMillis());
    }
}
