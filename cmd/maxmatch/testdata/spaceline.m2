S The cat sat .
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0
 
S A dog barks .
