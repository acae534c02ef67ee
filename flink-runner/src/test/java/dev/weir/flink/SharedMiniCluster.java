package dev.weir.flink;

import java.net.URI;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * The one Flink MiniCluster of the module's tests, started by the first test that needs it and
 * closed when the test JVM exits, so Flink's start-up is paid once. Three slots: a translated
 * pipeline at parallelism 2, a two-input scenario job at parallelism 3. Thread-safe.
 */
public final class SharedMiniCluster {
    private static MiniCluster cluster;
    private static URI rest;

    private SharedMiniCluster() {
    }

    /** @return the cluster's REST address, starting the cluster on the first call */
    public static synchronized URI rest() throws Exception {
        if (cluster == null) {
            final Configuration configuration = new Configuration();
            configuration.set(RestOptions.BIND_PORT, "0");
            final MiniCluster started = new MiniCluster(new MiniClusterConfiguration.Builder()
                    .setConfiguration(configuration)
                    .setNumTaskManagers(1)
                    .setNumSlotsPerTaskManager(3)
                    .build());
            started.start();
            rest = started.getRestAddress().get();
            cluster = started;
            Runtime.getRuntime().addShutdownHook(new Thread(SharedMiniCluster::close, "mini-cluster-close"));
        }
        return rest;
    }

    /** @return a target running translated pipelines on this cluster at parallelism 2, starting the cluster on the first call */
    public static FlinkTarget parallelismTwo() throws Exception {
        final URI address = rest();
        return FlinkTarget.runningCluster(address.getHost(), address.getPort(), 2);
    }

    /**
     * @param parallelism the translated operators' parallelism
     * @return a target running translated pipelines on this cluster, starting the cluster on the first call
     */
    public static FlinkTarget withParallelism(final int parallelism) throws Exception {
        final URI address = rest();
        return FlinkTarget.runningCluster(address.getHost(), address.getPort(), parallelism);
    }

    private static void close() {
        try {
            cluster.close();
        } catch (final Exception ignored) {
            // the JVM is exiting; nothing is left to clean up after
        }
    }
}
