S The cat sat .
A 1 2|||Nn|||cats
