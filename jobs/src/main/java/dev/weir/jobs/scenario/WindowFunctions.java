package dev.weir.jobs.scenario;

import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;

/**
 * Makes a job's window function for whichever window type the job file names.
 *
 * @param <IN> the records in the window
 * @param <OUT> what one firing gives
 */
public interface WindowFunctions<IN, OUT> {
    /**
     * @param <W> the window type
     * @return a window function for windows of that type
     */
    <W extends Window> ProcessWindowFunction<IN, OUT, String, W> function();
}
