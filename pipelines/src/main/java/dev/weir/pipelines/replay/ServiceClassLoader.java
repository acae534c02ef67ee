package dev.weir.pipelines.replay;

/** The class loader a {@link java.util.ServiceLoader} lookup uses: the thread's context loader, else the SPI's own. */
final class ServiceClassLoader {
    private ServiceClassLoader() {
    }

    /**
     * @param spi the service interface
     * @return the current thread's context class loader, or the one that loaded {@code spi} when there is none
     */
    static ClassLoader of(final Class<?> spi) {
        final ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : spi.getClassLoader();
    }
}
