package dev.trackgen.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/** The providers of a service loader that can be loaded, each one that cannot handed to a sink instead of ending the walk. */
final class LoadableProviders {
    private LoadableProviders() {
    }

    /**
     * @param loader the loader to walk
     * @param failed gets the error of each provider that cannot even be loaded
     * @param <S>    the service
     * @return the loadable providers, in the loader's order
     */
    static <S> List<ServiceLoader.Provider<S>> of(ServiceLoader<S> loader, Consumer<ServiceConfigurationError> failed) {
        List<ServiceLoader.Provider<S>> out = new ArrayList<>();
        var it = loader.stream().iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                out.add(it.next());
            } catch (ServiceConfigurationError e) {
                failed.accept(e);
            }
        }
        return out;
    }
}
