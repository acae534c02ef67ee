package dev.weir.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Collects the warnings, and the informational lines, one java.util.logging logger publishes while open. */
public final class LogCapture implements AutoCloseable {
    private final Logger logger;
    private final List<String> warnings = new ArrayList<>();
    private final List<String> infos = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(final LogRecord record) {
            final String message = new java.util.logging.SimpleFormatter().formatMessage(record);
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                synchronized (warnings) {
                    warnings.add(message);
                }
            } else if (record.getLevel() == Level.INFO) {
                synchronized (warnings) {
                    infos.add(message);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** @param loggerName the logger to listen to (a class name) */
    public LogCapture(final String loggerName) {
        this.logger = Logger.getLogger(loggerName);
        logger.addHandler(handler);
    }

    /** @return the informational lines so far, formatted */
    public List<String> infos() {
        synchronized (warnings) {
            return List.copyOf(infos);
        }
    }

    /** @return the warnings so far, formatted */
    public List<String> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
