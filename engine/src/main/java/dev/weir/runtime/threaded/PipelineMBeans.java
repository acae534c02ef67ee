package dev.weir.runtime.threaded;

import dev.weir.clock.Clock;
import dev.weir.metrics.OperatorBean;
import dev.weir.metrics.OperatorMBean;
import dev.weir.runtime.task.TaskMonitor;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/**
 * The JMX MBeans of one pipeline: one {@link OperatorMBean} per task, named
 * {@code dev.weir:type=Operator,pipeline=<pipeline>,task=<task>}, in the platform MBean
 * server. Observability never stops a pipeline: a name already taken (two live pipelines of
 * the same name) is skipped with one warning. Not thread-safe: registered on start, removed
 * on close.
 */
final class PipelineMBeans {
    private static final Logger LOG = Logger.getLogger(PipelineMBeans.class.getName());

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final List<ObjectName> registered = new ArrayList<>();

    /**
     * @param pipeline the pipeline's name
     * @param task a task's name
     * @return the task's MBean name
     * @throws IllegalArgumentException if the names cannot form an object name
     */
    static ObjectName nameOf(final String pipeline, final String task) {
        try {
            return new ObjectName("dev.weir:type=Operator,pipeline=" + value(pipeline) + ",task=" + value(task));
        } catch (JMException e) {
            throw new IllegalArgumentException("pipeline '" + pipeline + "' and task '" + task + "' make no valid MBean name", e);
        }
    }

    private static String value(final String text) {
        for (int i = 0; i < text.length(); i++) {
            if (",=:\"*?\n".indexOf(text.charAt(i)) >= 0) {
                return ObjectName.quote(text);
            }
        }
        return text;
    }

    /**
     * @param pipeline the pipeline's name
     * @param monitors its tasks
     * @param clock processing time, for watermark lags
     */
    void register(final String pipeline, final List<TaskMonitor> monitors, final Clock clock) {
        final List<String> skipped = new ArrayList<>();
        for (final TaskMonitor monitor : monitors) {
            try {
                final ObjectName name = nameOf(pipeline, monitor.name());
                server.registerMBean(new StandardMBean(new OperatorBean(pipeline, () -> monitor.snapshot(clock.millis())), OperatorMBean.class),
                        name);
                registered.add(name);
            } catch (JMException | IllegalArgumentException e) {
                skipped.add(monitor.name() + " (" + e.getMessage() + ")");
            }
        }
        if (!skipped.isEmpty()) {
            LOG.log(Level.WARNING, "weir: pipeline ''{0}'': no JMX MBean for {1}; the pipeline runs on (is another pipeline of the same"
                    + " name still open?)", new Object[] {pipeline, skipped});
        }
    }

    /** Removes every MBean this registered; idempotent. */
    void unregister() {
        for (final ObjectName name : registered) {
            try {
                server.unregisterMBean(name);
            } catch (JMException e) {
                LOG.log(Level.FINE, "MBean " + name + " was already gone", e);
            }
        }
        registered.clear();
    }
}
