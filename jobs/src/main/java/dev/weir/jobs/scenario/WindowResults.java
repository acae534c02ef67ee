package dev.weir.jobs.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;

/**
 * The window function of a job's window operator, made for the job's window type: {@link #FIRE_LINES} for the
 * canonical {@code FIRE} lines of {@code weir scenario}, or another result for other outputs.
 *
 * @param <OUT> what one firing gives
 */
public interface WindowResults<OUT> extends WindowFunctions<ScenarioRecord, OUT> {
    /** The canonical {@code FIRE} lines ({@link FireLineFunction}). */
    WindowResults<String> FIRE_LINES = new WindowResults<>() {
        @Override
        public <W extends Window> ProcessWindowFunction<ScenarioRecord, String, String, W> function() {
            return new FireLineFunction<>();
        }
    };

    @Override
    <W extends Window> ProcessWindowFunction<ScenarioRecord, OUT, String, W> function();
}
